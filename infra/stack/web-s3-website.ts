/**
 * The web app as an S3 static website, for LocalStack's community tier (no CloudFront). Deep links
 * get index.html as the error document, so the app's router takes over (with a 404 status, which
 * browsers render all the same). The API is on another origin: the app is built with
 * VITE_API_ORIGIN set to the API's URL (README, "LocalStack (community)").
 *
 * The build is uploaded with `awslocal s3 sync` rather than a BucketDeployment: that custom
 * resource runs the AWS CLI from a Lambda layer, and layers only run on LocalStack's paid tiers.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';

export function s3WebsiteBucket(stack: Stack): Bucket {
  return new Bucket(stack, 'WebBucket', {
    websiteIndexDocument: 'index.html',
    websiteErrorDocument: 'index.html',
    // A website is read anonymously, through a bucket policy; ACLs stay blocked.
    publicReadAccess: true,
    blockPublicAccess: BlockPublicAccess.BLOCK_ACLS_ONLY,
    encryption: BucketEncryption.S3_MANAGED,
    // No enforceSSL: website endpoints speak plain HTTP only, and a deny on aws:SecureTransport would refuse every visitor.
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
}
